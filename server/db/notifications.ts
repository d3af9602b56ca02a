import pg from 'pg';

/** LISTEN on a PostgreSQL channel from a connection of its own, kept open across drops. */
export interface NotificationListener {
  /** Calls `onMessage` with each payload sent to `channel`; with '*' after a reconnect (messages may have been missed). */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/** The listening connection's application_name, so it can be told apart in pg_stat_activity. */
export const NOTIFICATION_APPLICATION = 'phw-notifications';

/**
 * One dedicated client (a pooled one cannot LISTEN: it goes back to the pool). When the connection
 * is lost it is opened again after a second, every channel is listened to again, and each handler is
 * told '*' so it can drop whatever it kept while deaf.
 */
export function notificationListener(connectionString: string): NotificationListener {
  const handlers = new Map<string, (payload: string) => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, application_name: NOTIFICATION_APPLICATION });
      next.on('notification', (message) => handlers.get(message.channel)?.(message.payload ?? ''));
      next.on('error', (error) => {
        console.warn(`[db] notification connection lost: ${error.message}`);
        drop(next);
      });
      next.on('end', () => drop(next));
      await next.connect();
      if (closed) {
        // Closed while this connection was being opened: nobody will end it later.
        await next.end();
        throw new Error('notification listener closed');
      }
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
      client = next;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const reconnectSoon = () => {
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      connect().then(
        () => {
          for (const handler of handlers.values()) handler('*');
        },
        (error: unknown) => {
          console.warn(`[db] notification connection: ${error instanceof Error ? error.message : String(error)}`);
          reconnectSoon();
        },
      );
    }, RECONNECT_MS).unref();
  };

  /** The live client was lost (an error or end of one that is not the live one changes nothing). */
  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    client = undefined;
    reconnectSoon();
  };

  return {
    async listen(channel, onMessage) {
      handlers.set(channel, onMessage);
      const current = client ?? (await connect());
      await current.query(`LISTEN ${quote(channel)}`);
    },
    async close() {
      closed = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** A channel name as a quoted identifier. */
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
