// JSON read from a snapshot file: a parse failure names the file, so the one-line error says which file is spoiled.

export function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
