// A render's page texts read from the files the plan named, made as the plan made them and checked against the hash
// it kept: a file changed since the plan read it stops the build (docs/decisions.md: Render workers read each page's file).
import { readFileSync } from 'node:fs';
import { splitBlocks } from '../markdown/split-blocks.ts';
import { parseDraft } from '../plan/draft-json.ts';
import { frontMatterBlock } from '../plan/front-matter-block.ts';
import type { PageFileText } from '../plan/page-file.ts';
import type { ContentJob } from './content-bodies.ts';
import { blocksHash, markdownHash } from './page-text-hash.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The message of InputsChangedError (inputs-changed.ts), which a worker's error cannot carry as its class. */
function changedMessage(path: string): string {
  return `${path} changed while the build read it; nothing was published`;
}

function derived(file: PageFileText, text: string): string | string[] {
  if (file.form === 'md') return text;
  if (file.form === 'txt') return parseDraft(text, file.path);
  const body = frontMatterBlock(text)?.body ?? text;
  return file.form === 'md-body' ? body : splitBlocks(body);
}

function readAsPlanned(file: PageFileText): string | string[] {
  let made: string | string[];
  try {
    made = derived(file, utf8.decode(readFileSync(file.location)));
  } catch {
    throw new Error(changedMessage(file.path));
  }
  const hash = typeof made === 'string' ? markdownHash(made) : blocksHash(made);
  if (hash !== file.hash) throw new Error(changedMessage(file.path));
  return made;
}

/** The job with the texts the page renders from: its own, or read from its files. */
export function pageSourcesOf(job: ContentJob): ContentJob {
  const { onDisk } = job;
  if (onDisk === undefined) return job;
  const markdown = onDisk.markdown === undefined ? job.markdown : readAsPlanned(onDisk.markdown);
  const draft = onDisk.draft === undefined ? job.draftBlocks : readAsPlanned(onDisk.draft);
  return {
    page: job.page,
    markdown: typeof markdown === 'string' ? markdown : undefined,
    draftBlocks: Array.isArray(draft) ? draft : undefined,
  };
}
