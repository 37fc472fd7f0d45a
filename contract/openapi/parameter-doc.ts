// A query parameter's prose in the OpenAPI document: a leaf, so the document head and the endpoint docs can share it.
import type { Json } from './json.ts';

/** A query parameter's prose; its name, presence and schema come from the table's Parameter. */
export interface ParameterDoc {
  description?: string;
  example?: Json;
}
