// A TCP proxy a test puts between the server and PostgreSQL to play a database outage: `cut()`
// resets every open connection (a restart under load), `stop()` refuses new ones (the database is
// away), `start()` lets them through again (it is back).
import net from 'node:net';

export interface TcpProxy {
  /** The URL with the proxy's host and port in place of the database's. */
  url: string;
  cut(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        track(client);
        track(upstream);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const cut = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const stop = async () => {
    const closing = server;
    server = undefined;
    cut();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), cut, stop, start: listen, close: stop };
}
