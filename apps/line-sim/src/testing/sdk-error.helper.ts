import { HTTPFetchError } from '@line/bot-sdk';

export type SdkFailure = { status: number; body: unknown; headers: Headers };

/** Awaits an SDK call that must fail and returns LINE's status, parsed body and headers. */
export const sdkFailure = async (promise: Promise<unknown>): Promise<SdkFailure> => {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (!(caught instanceof HTTPFetchError)) {
    throw new Error(`expected an HTTPFetchError, got ${String(caught)}`);
  }
  return {
    status: caught.status,
    body: caught.body ? (JSON.parse(caught.body) as unknown) : null,
    headers: caught.headers,
  };
};
