// The one client of the hustings.v1 service, over gRPC-web. Everything on the wire is
// generated from proto/ (src/gen) and spoken by Connect-ES: there is no wire code here.
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { Hustings } from "./gen/hustings/v1/hustings_pb";

/** The server to talk to: the page's own origin, unless `?server=URL` names another (which
 * must then allow this page's origin with `hustings-server --cors-origin`). */
export function serverUrl(): string {
  const given = new URLSearchParams(location.search).get("server");
  return given ?? location.origin;
}

const transport = createGrpcWebTransport({ baseUrl: serverUrl(), useBinaryFormat: true });

/** The Hustings service. */
export const api = createClient(Hustings, transport);

/** A readable sentence for any error a call may end with. */
export function describeError(e: unknown): string {
  if (e instanceof ConnectError) {
    return e.rawMessage || Code[e.code] || "error";
  }
  return e instanceof Error ? e.message : String(e);
}

/** The gRPC code of an error, if it is one. */
export function errorCode(e: unknown): Code | undefined {
  return e instanceof ConnectError ? e.code : undefined;
}

export { Code };
