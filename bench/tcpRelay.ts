/**
 * A raw TCP relay from PORT to UPSTREAM_PORT on 127.0.0.1, for bench/proxyOverhead.ts: one more
 * loopback hop and nothing else (no HTTP parsing, no headers), the least any proxy can add.
 *   PORT=4712 UPSTREAM_PORT=4710 tsx bench/tcpRelay.ts
 */
import { connect, createServer } from 'node:net';

const port = Number(process.env.PORT);
const upstreamPort = Number(process.env.UPSTREAM_PORT);

createServer((client) => {
  const upstream = connect(upstreamPort, '127.0.0.1');
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  client.pipe(upstream);
  upstream.pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
}).listen(port, '127.0.0.1');
