// Pyodide, started as soon as the page is parsed (issue 14, boot). pyscript.toml names this
// module as PyScript's interpreter; index.html also loads it before PyScript's core, so Pyodide's
// start (wasm compile, Python's own start) runs while PyScript is still reading its config and
// loading its plugins, instead of after them. ES modules are loaded once per URL: PyScript's
// loadPyodide() below receives the interpreter already on its way.
import * as pyodide from "./vendor/pyodide/pyodide.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const early = pyodide.loadPyodide({ indexURL });

export async function loadPyodide(options = {}) {
  // PyScript passes its stdout/stderr (and packages, which the game does not use: pyscript.toml)
  if (options.packages || options.lockFileContents || options.lockFileURL) {
    throw new Error("pyodide_early.mjs: packages are not supported (the interpreter starts before the config is read)");
  }
  const py = await early;
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  return py;
}
