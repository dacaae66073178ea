/** The official stripe client, pointed at the configured API base and tuned for a health check. */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import Stripe from 'stripe';
import type { PaymentConfig } from './config.ts';

export interface CheckClient {
  stripe: Stripe;
  /** The version asked for, to compare with the one Stripe answers in. */
  requestedVersion: string;
  /** Drops the connections, so nothing outlives the check (nor a request that ran past its budget). */
  close(): void;
}

export function checkClient(config: PaymentConfig): CheckClient {
  // A fresh agent per check: the requests of one check share a connection, and no idle socket is
  // kept for a minute until the next check, when Stripe would have closed it and the client would
  // retry after a pause that looks like a slow answer.
  const agent = config.api.protocol === 'https' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const requestedVersion = config.apiVersion ?? Stripe.API_VERSION;
  const stripe = new Stripe(config.key, {
    // The package's types know only its own version; any other is the operator's explicit choice.
    apiVersion: requestedVersion as typeof Stripe.API_VERSION,
    protocol: config.api.protocol,
    host: config.api.hostname,
    port: config.api.port,
    httpAgent: agent,
    timeout: config.timeoutMs,
    // A health check reports what happened; a retry would hide a flaky connection and double the wait.
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return { stripe, requestedVersion, close: () => agent.destroy() };
}
