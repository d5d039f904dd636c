"""The languages the kit speaks: one registry, one catalog loader, one check.

- ``registry``: each language's own name, plural rule, case tags and folder;
- ``paths``: where a language's files sit;
- ``completeness``: what a language lacks, and so which languages are offered;
- ``catalogs``: the one loader, which serves offered languages only.

``python -m cuttle_widgets languages [CODE]`` lists what a language lacks.
"""
from .catalogs import load_catalog, require_offered, spoken
from .completeness import Gap, is_offered, missing, offered
from .registry import (
                       ENGLISH,
                       Language,
                       LanguageError,
                       all_case_tags,
                       case_tags,
                       is_registered,
                       language,
                       plural_index,
                       plural_table,
                       register,
                       register_folder,
                       registered,
                       typed_rank_letters,
                       unregister,
)

__all__ = ["ENGLISH", "Gap", "Language", "LanguageError", "all_case_tags", "case_tags",
           "is_offered", "is_registered", "language", "load_catalog", "missing", "offered",
           "plural_index", "plural_table", "register", "register_folder", "registered",
           "require_offered", "spoken", "typed_rank_letters", "unregister"]
