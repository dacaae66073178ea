/**
 * Preloaded (`node --import`) into servers this project runs but did not write, `netlify dev`
 * above all (dev/netlify-dev.ts), and through NODE_OPTIONS into every Node process they start.
 * Every HTTP(S) server of the process answers only what dev/local-access.ts lets in, requests and
 * upgrades alike, before its own code sees them; a server asked for a port without an address
 * listens on loopback instead of every interface. The options come from the environment
 * (dev/host-guard.ts); bad ones stop the process before anything listens.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { accessRules, GUARD_ENV, listenArgs, readGuardConfig } from './host-guard.ts';
import { refusal, refuse, refuseSocket } from './local-access.ts';

const config = readGuardConfig(process.env[GUARD_ENV]);

/** Servers of this process that were asked to listen: their ports are the ones a Host may name. */
const servers = new Set<net.Server>();

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenGuarded(this: net.Server, ...args: unknown[]) {
  servers.add(this);
  this.once('close', () => servers.delete(this));
  return listen.apply(this, listenArgs(args, config) as Parameters<typeof listen>);
} as typeof listen;

function listeningPorts(): number[] {
  return [...servers].map((server) => server.address()).flatMap((address) => (address && typeof address === 'object' ? [address.port] : []));
}

/** Events whose second argument answers (a response), and those that hand over the bare connection. */
const ANSWERED = new Set(['request', 'checkContinue', 'checkExpectation']);
const HANDED_OVER = new Set(['upgrade', 'connect']);

for (const Server of [http.Server, https.Server]) {
  const emit = Server.prototype.emit;
  Server.prototype.emit = function emitGuarded(this: net.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (typeof event === 'string' && (ANSWERED.has(event) || HANDED_OVER.has(event))) {
      const request = args[0] as IncomingMessage;
      const rules = accessRules(config, request.socket.localPort ?? 0, listeningPorts(), request.headers.host);
      const reason = refusal(rules, request.method ?? 'GET', request.headers);
      if (reason) {
        if (ANSWERED.has(event)) refuse(args[1] as ServerResponse, reason);
        else refuseSocket(args[1] as Duplex, reason);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
