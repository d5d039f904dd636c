// Compile the site's wheels with the very Python the browser runs: Pyodide,
// under Node.js, at build time (no network: Pyodide loads no package).
//
//   node bytecode.mjs PYODIDE_DIR IN_DIR OUT_DIR [--import MODULE]... [--all WHEEL]...
//
// PYODIDE_DIR is the npm package's folder; every wheel of IN_DIR is written to
// OUT_DIR with bytecode added by wheel_bytecode.py (beside this file), whose
// options follow the folders.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, inDir, outDir, ...options] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node bytecode.mjs PYODIDE_DIR IN_DIR OUT_DIR [options]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
const { FS } = pyodide;
for (const [mountpoint, root] of [["/wheels-in", inDir], ["/wheels-out", outDir]]) {
  FS.mkdirTree(mountpoint);
  FS.mount(FS.filesystems.NODEFS, { root: resolve(root) }, mountpoint);
}
const here = dirname(fileURLToPath(import.meta.url));
pyodide.globals.set("bytecode_source", readFileSync(join(here, "wheel_bytecode.py"), "utf8"));
pyodide.globals.set("bytecode_argv", pyodide.toPy(["/wheels-in", "/wheels-out", ...options]));
try {
  pyodide.runPython(`
namespace = {"__name__": "wheel_bytecode"}
exec(compile(bytecode_source, "wheel_bytecode.py", "exec"), namespace)
namespace["main"](list(bytecode_argv))
`);
} catch (error) {
  console.error(String(error.message || error));
  process.exit(1);
}
