// Reads a password without echoing it: typed on a terminal (raw mode, asked twice), or one line piped on stdin.
import type { Readable, Writable } from 'node:stream';

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

export class PasswordEntryCancelled extends Error {}

export interface Terminal extends Readable {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** One line typed on the terminal; nothing is echoed, the prompt and the final newline go to `output`. */
export function readHidden(input: Terminal, output: Writable, prompt: string): Promise<string> {
  // Raw mode before the prompt: a reply typed the moment the prompt shows must already be unechoed.
  input.setRawMode?.(true);
  output.write(prompt);
  input.resume();
  input.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (ENTER.has(character)) return finish();
        if (character === CTRL_C || character === CTRL_D)
          return finish(new PasswordEntryCancelled('cancelled; nothing was written'));
        if (BACKSPACE.has(character)) typed = [...typed].slice(0, -1).join('');
        else typed += character;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of a non-terminal input (a pipe or a file), without its line ending. */
export async function readFirstLine(input: Readable): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]!.replace(/\r$/, '');
}

/** On a terminal: asked twice, and the two must match. Otherwise: one line from the input. */
export async function readNewPassword(input: Terminal, output: Writable): Promise<string> {
  if (!input.isTTY) return readFirstLine(input);
  const first = await readHidden(input, output, 'New password: ');
  const second = await readHidden(input, output, 'Repeat the password: ');
  if (first !== second) throw new PasswordEntryCancelled('the two passwords differ; nothing was written');
  return first;
}
