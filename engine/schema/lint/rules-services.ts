/**
 * buf's rules about services and RPCs. buf's options (ctx.settings) default to: service suffix
 * "Service", google.protobuf.Empty not exempt, request and response types not the same.
 */
import { toPascalCase } from "./case.ts";
import { q, type LintFile, type LintRule } from "./context.ts";
import { casingRule, elementRule, PASCAL_CASE } from "./rule-shapes.ts";
import { methods, services, typeName, type MethodEntry } from "./walk.ts";

const EMPTY = "google.protobuf.Empty";

const simpleName = (name: string): string => name.slice(name.lastIndexOf(".") + 1);

function standardNameRule(id: string, kind: "request" | "response"): LintRule {
  const suffix = kind === "request" ? "Request" : "Response";
  return elementRule({
    id,
    description: `Checks that RPC ${kind} type names are RPCName${suffix} or ServiceNameRPCName${suffix} (configurable).`,
    inDefault: true,
    elements: (f) => methods(f.proto),
    judge: (m, _file, ctx) => {
      const allowEmpty = kind === "request" ? ctx.settings.rpcAllowGoogleProtobufEmptyRequests : ctx.settings.rpcAllowGoogleProtobufEmptyResponses;
      const fullType = typeName(kind === "request" ? m.method.inputType : m.method.outputType);
      if (allowEmpty && fullType === EMPTY) return undefined;
      const name = simpleName(fullType);
      const expected1 = toPascalCase(m.method.name) + suffix;
      const expected2 = toPascalCase(m.service.service.name) + expected1;
      if (name === expected1 || name === expected2) return undefined;
      // input_type is field 2 of MethodDescriptorProto, output_type field 3.
      const path = [...m.path, kind === "request" ? 2 : 3];
      return { path, message: `RPC ${kind} type ${q(name)} should be named ${q(expected1)} or ${q(expected2)}.` };
    },
  });
}

function streamingRule(id: string, kind: "client" | "server"): LintRule {
  return elementRule({
    id,
    description: `Checks that RPCs are not ${kind} streaming.`,
    inDefault: false,
    elements: (f) => methods(f.proto),
    judge: (m) => {
      const streaming = kind === "client" ? m.method.clientStreaming : m.method.serverStreaming;
      return streaming ? { path: m.path, message: `RPC ${q(m.method.name)} is ${kind} streaming.` } : undefined;
    },
  });
}

export const serviceRules: LintRule[] = [
  casingRule("SERVICE_PASCAL_CASE", "Checks that services are PascalCase.", "Service", PASCAL_CASE, (f) =>
    services(f.proto).map((s) => ({ name: s.service.name, path: [...s.path, 1] })),
  ),
  elementRule({
    id: "SERVICE_SUFFIX",
    description: 'Checks that services have a consistent suffix (configurable, default suffix is "Service").',
    inDefault: true,
    elements: (f) => services(f.proto),
    judge: (s, _file, ctx) => {
      const suffix = ctx.settings.serviceSuffix;
      if (s.service.name.endsWith(suffix)) return undefined;
      return { path: [...s.path, 1], message: `Service name ${q(s.service.name)} should be suffixed with ${q(suffix)}.` };
    },
  }),
  casingRule("RPC_PASCAL_CASE", "Checks that RPCs are PascalCase.", "RPC", PASCAL_CASE, (f) =>
    methods(f.proto).map((m) => ({ name: m.method.name, path: [...m.path, 1] })),
  ),
  standardNameRule("RPC_REQUEST_STANDARD_NAME", "request"),
  standardNameRule("RPC_RESPONSE_STANDARD_NAME", "response"),
  {
    id: "RPC_REQUEST_RESPONSE_UNIQUE",
    description: "Checks that RPC request and response types are only used in one RPC (configurable).",
    inDefault: true,
    check(ctx) {
      const all: { file: LintFile; m: MethodEntry; fullName: string }[] = [];
      for (const file of ctx.files) {
        for (const m of methods(file.proto)) {
          const pkg = file.proto.package;
          all.push({ file, m, fullName: `${pkg === "" ? "" : pkg + "."}${m.service.service.name}.${m.method.name}` });
        }
      }
      const { rpcAllowSameRequestResponse: allowSame } = ctx.settings;
      const allowEmptyRequests = ctx.settings.rpcAllowGoogleProtobufEmptyRequests;
      const allowEmptyResponses = ctx.settings.rpcAllowGoogleProtobufEmptyResponses;
      if (!allowSame) {
        for (const { file, m } of all) {
          const input = typeName(m.method.inputType);
          if (input !== typeName(m.method.outputType)) continue;
          if (input === EMPTY && allowEmptyRequests && allowEmptyResponses) continue;
          ctx.report(this.id, file, m.path, `RPC ${q(m.method.name)} has the same type ${q(input)} for the request and response.`);
        }
      }
      // Each type → the distinct methods using it (a method using a type twice counts once).
      const users = new Map<string, Map<string, { file: LintFile; m: MethodEntry }>>();
      for (const entry of all) {
        for (const t of [typeName(entry.m.method.inputType), typeName(entry.m.method.outputType)]) {
          let byMethod = users.get(t);
          if (byMethod === undefined) users.set(t, (byMethod = new Map()));
          byMethod.set(entry.fullName, entry);
        }
      }
      for (const [type, byMethod] of users) {
        if (byMethod.size < 2) continue;
        if (type === EMPTY && (allowEmptyRequests || allowEmptyResponses)) {
          if (allowEmptyRequests && allowEmptyResponses) continue;
          // Only one direction is exempt: the other may still not be shared.
          const list = [...byMethod.values()];
          const requests = list.filter(({ m }) => typeName(m.method.inputType) === EMPTY);
          const responses = list.filter(({ m }) => typeName(m.method.outputType) === EMPTY);
          if (!allowEmptyRequests && requests.length > 1) {
            for (const { file, m } of requests) ctx.report(this.id, file, m.path, `${q(type)} is used as the request for multiple RPCs.`);
          }
          if (!allowEmptyResponses && responses.length > 1) {
            for (const { file, m } of responses) ctx.report(this.id, file, m.path, `${q(type)} is used as the response for multiple RPCs.`);
          }
          continue;
        }
        for (const { file, m } of byMethod.values()) {
          ctx.report(this.id, file, m.path, `${q(type)} is used as the request or response type for multiple RPCs.`);
        }
      }
    },
  },
  streamingRule("RPC_NO_CLIENT_STREAMING", "client"),
  streamingRule("RPC_NO_SERVER_STREAMING", "server"),
];
