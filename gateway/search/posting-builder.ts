// Scores every term's documents once at load (BM25 with the whole site's statistics, as MiniSearch scores) into four
// flat typed arrays: a query only adds numbers, and the index costs a few objects however many terms it has.
import { FIELD_BOOST } from '../../contract/search/search-format.ts';

/** The postings of every term: term t's documents are positions starts[t] … starts[t + 1] − 1 of `docs`, `scores`
 *  and `inTitle`, documents ascending; each score is the term's weighted BM25 summed over the fields. */
export interface PostingIndex {
  documentCount: number;
  /** Term → its number, its position in `sorted`. */
  terms: Map<string, number>;
  /** Every term in code-unit order, for prefix ranges. */
  sorted: string[];
  starts: Uint32Array;
  docs: Int32Array;
  scores: Float64Array;
  inTitle: Uint8Array;
  /** The characters the terms are made of, for one-edit neighbours. */
  alphabet: string[];
  /** Terms by their length in code points (code-unit order within), for one-edit neighbours when the alphabet is large.
   *  */
  byLength: Map<number, string[]>;
}

/** What BM25 needs of the whole site: per field (FIELDS order) every document's length and the average length. */
export interface FieldStatistics {
  documentCount: number;
  lengths: ReadonlyArray<ArrayLike<number>>;
  averages: readonly number[];
}

// MiniSearch's BM25+ parameters (its defaults), so stored indexes rank as they did when MiniSearch answered queries.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
export const FIELD_IDS = Object.keys(FIELD_BOOST) as Array<keyof typeof FIELD_BOOST>;
const BOOSTS = FIELD_IDS.map((field) => FIELD_BOOST[field]);
const FIELD_COUNT = FIELD_IDS.length;

function bm25(
  termFrequency: number,
  matching: number,
  documents: number,
  fieldLength: number,
  averageLength: number,
): number {
  const inverse = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
  return (
    inverse *
    (BM25.d +
      (termFrequency * (BM25.k + 1)) / (termFrequency + BM25.k * (1 - BM25.b + (BM25.b * fieldLength) / averageLength)))
  );
}

/** Postings gathered before scoring: one cell per term and document, with the term's occurrences in each field. */
export class PostingCells {
  count = 0;
  terms: Int32Array;
  documents: Int32Array;
  occurrences: Uint32Array;

  /** `capacity`: the cells expected, when known, so none is allocated twice. */
  constructor(capacity = 1024) {
    const size = Math.max(1, capacity);
    this.terms = new Int32Array(size);
    this.documents = new Int32Array(size);
    this.occurrences = new Uint32Array(size * FIELD_COUNT);
  }

  add(term: number, document: number, occurrences: ArrayLike<number>, from = 0): void {
    if (this.count === this.terms.length) this.grow();
    this.terms[this.count] = term;
    this.documents[this.count] = document;
    for (let field = 0; field < FIELD_COUNT; field++)
      this.occurrences[this.count * FIELD_COUNT + field] = occurrences[from + field]!;
    this.count++;
  }

  private grow(): void {
    const grown = <T extends Int32Array | Uint32Array>(array: T, make: (length: number) => T) => {
      const bigger = make(array.length * 2);
      bigger.set(array);
      return bigger;
    };
    this.terms = grown(this.terms, (length) => new Int32Array(length));
    this.documents = grown(this.documents, (length) => new Int32Array(length));
    this.occurrences = grown(this.occurrences, (length) => new Uint32Array(length));
  }
}

/** `terms`: each term's text by the number its cells use (each text once); every cell's document is below
 *  `statistics.documentCount`. */
export function scorePostings(
  terms: readonly string[],
  cells: PostingCells,
  statistics: FieldStatistics,
): PostingIndex {
  const { documentCount, lengths, averages } = statistics;
  const sorted = [...terms].sort();
  const numbers = new Map<string, number>();
  for (const [position, term] of sorted.entries()) numbers.set(term, position);
  const rank = Int32Array.from(terms, (term) => numbers.get(term)!);
  const starts = new Uint32Array(sorted.length + 1);
  const matching = Array.from({ length: FIELD_COUNT }, () => new Uint32Array(sorted.length));
  const perDocument = new Uint32Array(documentCount + 1);
  for (let cell = 0; cell < cells.count; cell++) {
    const term = rank[cells.terms[cell]!]!;
    starts[term + 1]!++;
    perDocument[cells.documents[cell]! + 1]!++;
    for (let field = 0; field < FIELD_COUNT; field++)
      if (cells.occurrences[cell * FIELD_COUNT + field]! > 0) matching[field]![term]!++;
  }
  for (let term = 0; term < sorted.length; term++) starts[term + 1]! += starts[term]!;
  for (let document = 0; document < documentCount; document++) perDocument[document + 1]! += perDocument[document]!;
  // The cells in document order (a counting sort), so filling each term's range leaves its documents ascending.
  const byDocument = new Int32Array(cells.count);
  for (let cell = 0; cell < cells.count; cell++) byDocument[perDocument[cells.documents[cell]!]!++] = cell;
  const cursor = starts.slice(0, sorted.length);
  const docs = new Int32Array(cells.count);
  const scores = new Float64Array(cells.count);
  const inTitle = new Uint8Array(cells.count);
  for (let position = 0; position < cells.count; position++) {
    const cell = byDocument[position]!;
    const term = rank[cells.terms[cell]!]!;
    const document = cells.documents[cell]!;
    const at = cursor[term]!++;
    // Field by field from zero, the order the MiniSearch-form reader summed them in, so the floats are the same.
    let score = 0;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const frequency = cells.occurrences[cell * FIELD_COUNT + field]!;
      if (frequency === 0) continue;
      score =
        score +
        BOOSTS[field]! *
          bm25(frequency, matching[field]![term]!, documentCount, lengths[field]![document]!, averages[field]!);
    }
    docs[at] = document;
    scores[at] = score;
    inTitle[at] = cells.occurrences[cell * FIELD_COUNT] === 0 ? 0 : 1;
  }
  return { documentCount, terms: numbers, sorted, starts, docs, scores, inTitle, ...neighbours(sorted) };
}

function neighbours(sorted: readonly string[]): Pick<PostingIndex, 'alphabet' | 'byLength'> {
  const characters = new Set<string>();
  const byLength = new Map<number, string[]>();
  for (const term of sorted) {
    let length = 0;
    for (const character of term) {
      characters.add(character);
      length++;
    }
    const same = byLength.get(length);
    if (same === undefined) byLength.set(length, [term]);
    else same.push(term);
  }
  return { alphabet: [...characters].sort(), byLength };
}
