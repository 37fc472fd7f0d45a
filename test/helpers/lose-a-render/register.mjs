// `node --import` this file to run the build with a renderer that loses one page's bodies (see hooks.mjs).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
