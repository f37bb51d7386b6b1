/**
 * For routes answering many result rows, typed to their response schema by the use case: the
 * schema still documents the shape, but checking every row on the way out would cost more than
 * the database driver's own decoding.
 */
export const uncheckedResponse = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
