// Closing gracefully when one server speaks both HTTP/2 and HTTP/1.1 (ALPN): Node's HTTP/2
// server has no closeIdleConnections, so a stop would wait for every kept-alive connection
// to time out. Here each HTTP/2 session gets a GOAWAY (streams in flight finish, no new ones)
// and each HTTP/1.1 connection is ended as soon as it has no request in flight.
import type { Http2SecureServer, Http2Session } from 'node:http2';
import type { Socket } from 'node:net';

export function trackConnections(server: Http2SecureServer): { closeGracefully(): void } {
  const sessions = new Set<Http2Session>();
  const http1 = new Map<Socket, number>();
  let closing = false;
  server.on('session', (s: Http2Session) => {
    sessions.add(s);
    s.once('close', () => sessions.delete(s));
  });
  server.on('secureConnection', (socket: Socket & { alpnProtocol?: string | false }) => {
    // Answers go out at once: with Nagle's algorithm a small frame waits for the peer's
    // (delayed) ACK, which over a real network caps a connection at a few answers per RTT.
    socket.setNoDelay(true);
    if (socket.alpnProtocol === 'h2') return;
    http1.set(socket, 0);
    socket.once('close', () => http1.delete(socket));
  });
  server.on(
    'request',
    (req: { httpVersionMajor: number; socket: Socket }, res: NodeJS.EventEmitter) => {
      if (req.httpVersionMajor !== 1) return;
      const socket = req.socket;
      http1.set(socket, (http1.get(socket) ?? 0) + 1);
      res.once('close', () => {
        const left = (http1.get(socket) ?? 1) - 1;
        http1.set(socket, left);
        if (closing && left === 0) socket.end();
      });
    },
  );
  return {
    closeGracefully() {
      closing = true;
      for (const s of sessions) s.close();
      for (const [socket, inFlight] of http1) if (inFlight === 0) socket.end();
    },
  };
}
