// `node --import` this file to run the build with a renderer that never finishes one page (see hooks.mjs).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
