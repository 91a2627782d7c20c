#!/usr/bin/env node
// Thin shim: the CLI is compiled to dist/ by `npm ci` (the prepare script).
import('../dist/src/cli/main.js').then((m) => m.main(process.argv.slice(2)));
