#!/usr/bin/env node
// Thin shim: the CLI is compiled to dist/ by `npm ci` (the prepare script), which also bundles it; the bundle when
// it is fresh and nothing on the command line may be a strategy module, else the modules (src/worker-script.ts).
const argv = process.argv.slice(2);
import('../dist/src/worker-script.js')
  .then((w) => import(w.cliScript(argv).href))
  .then((m) => m.main(argv));
