// `node --import` this file to run the build with a body store that fails after a few bodies (see hooks.mjs).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
