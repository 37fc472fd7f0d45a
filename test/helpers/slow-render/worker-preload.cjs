// `node -r` this file too when the build renders on workers: Node 20 runs `-r` preloads, not `--import` ones, in a
// worker thread, so this is how the worker gets the same hooks.
const { register } = require('node:module');
const { isMainThread } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');

if (!isMainThread) register('./hooks.mjs', pathToFileURL(__filename));
