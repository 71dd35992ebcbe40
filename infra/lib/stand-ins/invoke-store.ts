/**
 * Stands in for `@aws/lambda-invoke-store` in the Lambda bundles (`BUNDLING.alias`,
 * infra/lib/bundling.ts). Its one user there is the SDK's recursion-detection middleware, which
 * asks it for the invocation's X-Ray trace id and falls back to `_X_AMZN_TRACE_ID`. The store
 * that holds an invocation's context is the one the Lambda runtime publishes as
 * `globalThis.awslambda.InvokeStore`; a store the bundle made itself would stay empty. So this
 * hands out the runtime's store when there is one and nothing otherwise (the middleware then reads
 * the environment), without the library's own single- and multi-concurrency stores (~2 KB).
 */
interface RuntimeInvokeStore {
  getXRayTraceId(): string | undefined;
  getTraceparent?(): string | undefined;
  getTracestate?(): string | undefined;
  getBaggage?(): string | undefined;
}

export const InvokeStore = {
  getInstanceAsync: async (): Promise<RuntimeInvokeStore | undefined> =>
    (globalThis as { awslambda?: { InvokeStore?: RuntimeInvokeStore } }).awslambda?.InvokeStore,
};
