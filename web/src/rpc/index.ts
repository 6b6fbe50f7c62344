// One typed way to talk to Workers: see protocol.ts for why it is a small module of our own.
export { createRpcClient, type CallOptions, type RpcClient, type RpcClientOptions } from "./client.ts";
export { RpcError, transfer, transferablesOf, type CallContext, type CommandTable, type RpcErrorCode } from "./protocol.ts";
