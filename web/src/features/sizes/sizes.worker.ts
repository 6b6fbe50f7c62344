// The Sizes panel's Worker: brotli at quality 11 takes about 20 ms even for a few kilobytes and
// seconds for megabytes, so it never runs on the page's thread when a Worker exists.
import { computeSizes } from "./computeSizes.ts";
import type { SizesRequest, SizesResponse } from "./protocol.ts";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<SizesRequest>) => void) | null;
  postMessage(message: SizesResponse): void;
};

scope.onmessage = (e) => {
  const { id, bytes, settings } = e.data;
  computeSizes(bytes, settings).then(
    (answer) => scope.postMessage({ id, ok: true, answer }),
    (error: unknown) => scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
};
