import { ConnectorError } from '../../src/connectors/index.ts';

/** The ConnectorError `promise` rejects with; a success or any other error fails the test. */
export async function connectorFailure(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ConnectorError)) throw new Error(`Expected a ConnectorError, got ${String(error)}`);
  return error;
}
