// `node --import` this file to run `watch` or `dev` with a renderer that pauses on a half-written page (see hooks.mjs).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
