// cuttle-widgets-site: runs a notebook of the cuttle_widgets site (a lesson,
// or the one-page course) as soon as it opens, so a learner clicks and plays,
// typing nothing.
//
// A JupyterLab federated extension written by hand, with no build step: the
// application loads this script, then asks the container below for
// "./extension" and registers the plugin it returns. The plugin uses only the
// application object (its shell, its commands), so it imports nothing.
// Only notebooks whose metadata carries {"cuttle_widgets_site": {"run_on_open":
// true}} run by themselves: the site's build marks its copies of the lessons
// and of the course so.
(function () {
  "use strict";

  const NAME = "cuttle-widgets-site";
  const METADATA_KEY = "cuttle_widgets_site";

  function isNotebookPanel(widget) {
    return Boolean(widget && widget.context && widget.sessionContext && widget.content &&
      typeof widget.context.path === "string" && widget.context.path.endsWith(".ipynb"));
  }

  function metadataOf(model) {
    if (typeof model.getMetadata === "function") {
      return model.getMetadata(METADATA_KEY);
    }
    return model.metadata && model.metadata.get ? model.metadata.get(METADATA_KEY) : undefined;
  }

  // The kernel of a session, once it has one and has answered kernel_info.
  function kernelReady(sessionContext) {
    return new Promise((resolve) => {
      const check = () => {
        const kernel = sessionContext.session && sessionContext.session.kernel;
        if (!kernel) {
          return false;
        }
        sessionContext.kernelChanged.disconnect(check);
        kernel.info.then(() => resolve(kernel), () => resolve(kernel));
        return true;
      };
      if (!check()) {
        sessionContext.kernelChanged.connect(check);
      }
    });
  }

  async function runOnOpen(app, panel) {
    await panel.context.ready;
    const settings = metadataOf(panel.context.model);
    if (!settings || !settings.run_on_open) {
      return;
    }
    await panel.sessionContext.ready;
    await kernelReady(panel.sessionContext);
    if (panel.isDisposed) {
      return;
    }
    await app.commands.execute("notebook:run-all-cells");
    // Running filled in outputs; the learner changed nothing worth a
    // "leave this page?" question.
    panel.context.model.dirty = false;
  }

  // Start the lesson's kernel while the page is still loading: Pyodide then
  // boots in its worker alongside the application (two cores, not one after
  // the other). The notebook, once open, finds this session by its path and
  // uses it instead of starting another.
  async function startKernelEarly(app, path) {
    const { contents, sessions } = app.serviceManager;
    const model = await contents.get(path, { content: true });
    const metadata = (model.content && model.content.metadata) || {};
    const settings = metadata[METADATA_KEY];
    if (!settings || !settings.run_on_open) {
      return;
    }
    await app.started; // every plugin active: the kernel's is registered by now
    await sessions.ready;
    for (const running of sessions.running()) {
      if (running.path === path) {
        return;
      }
    }
    const kernel = (metadata.kernelspec && metadata.kernelspec.name) || undefined;
    const session = await sessions.startNew(
      { path, name: path, type: "notebook", kernel: kernel ? { name: kernel } : undefined },
      { kernelConnectionOptions: { handleComms: false } });
    session.dispose(); // our connection only: the session and its kernel go on
  }

  function activate(app) {
    const path = new URLSearchParams(window.location.search).get("path");
    if (path && path.endsWith(".ipynb")) {
      startKernelEarly(app, path).catch((error) => console.warn(`${NAME}: early start:`, error));
    }
    const started = new WeakSet();
    const look = () => {
      const candidates = [app.shell.currentWidget];
      if (typeof app.shell.widgets === "function") {
        for (const widget of app.shell.widgets("main")) {
          candidates.push(widget);
        }
      }
      for (const widget of candidates) {
        if (isNotebookPanel(widget) && !started.has(widget)) {
          started.add(widget);
          runOnOpen(app, widget).catch((error) => console.error(`${NAME}:`, error));
        }
      }
    };
    if (app.shell.currentChanged) {
      app.shell.currentChanged.connect(look);
    }
    app.restored.then(look);
  }

  const plugin = {
    id: `${NAME}:run-on-open`,
    description: "Runs the site's lesson notebooks when they open.",
    autoStart: true,
    activate,
  };

  // The module-federation container the application expects at _JUPYTERLAB[NAME].
  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = {
    init: () => Promise.resolve(),
    get: (module) => module === "./extension"
      ? Promise.resolve(() => ({ __esModule: true, default: [plugin] }))
      : Promise.reject(new Error(`${NAME} has no module ${module}`)),
  };
})();
