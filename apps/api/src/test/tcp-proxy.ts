import net from 'node:net';

/** One client's connection through the proxy. */
export interface ProxiedConnection {
  /** The client's first bytes as text (PostgreSQL's startup message names `application_name`). */
  opening: string;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target`, for tests of a server that stops answering
 * without refusing or closing anything (a frozen PostgreSQL, a network that drops packets):
 * `freeze` holds the bytes of the connections it picks, both ways, those opened meanwhile
 * included; `thaw` sends on what was held, in order. Nothing is closed either way.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  let frozen: ((connection: ProxiedConnection) => boolean) | undefined;
  const thawers = new Set<() => void>();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const connection: ProxiedConnection = { opening: '' };
    const held: Array<{ to: net.Socket; chunk: Buffer }> = [];
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (!connection.opening) connection.opening = chunk.toString('latin1');
      if (held.length > 0 || frozen?.(connection)) held.push({ to, chunk });
      else to.write(chunk);
    };
    const thaw = () => {
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    };
    thawers.add(thaw);
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const close = () => {
      thawers.delete(thaw);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', close);
      socket.on('close', () => {
        sockets.delete(socket);
        close();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    /** Holds the traffic of every connection `which` picks (all of them without it). */
    freeze(which: (connection: ProxiedConnection) => boolean = () => true) {
      frozen = which;
    },
    thaw() {
      frozen = undefined;
      for (const thaw of thawers) thaw();
    },
    async close() {
      frozen = undefined;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
