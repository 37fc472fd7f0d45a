// A build that read a file while it was being written publishes nothing: `watch` builds again once the files are quiet
// (docs/decisions.md: watch publishes every quiet change).
/** Files changed while the build read them; the snapshot was not published. */
export class InputsChangedError extends Error {
  readonly paths: string[];
  constructor(paths: string[]) {
    super(
      `${paths.join(', ')} changed while the build read ${paths.length === 1 ? 'it' : 'them'}; nothing was published`,
    );
    this.paths = paths;
  }
}

/** Throws InputsChangedError when an input changed since it was read (`changedInputs`, given by `watch`). */
export function inputsUnchanged(changedInputs: (() => string[]) | undefined): () => void {
  return () => {
    const changedMeanwhile = changedInputs?.() ?? [];
    if (changedMeanwhile.length > 0) throw new InputsChangedError(changedMeanwhile);
  };
}
