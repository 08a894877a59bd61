// Requests Node's HTTP parser cannot read (headers over 16 KB, bytes that are not HTTP, a client too slow to
// send its request) never reach Fastify: they end here, on the raw socket.
//
// Why not Fastify's default (issue #14.6, connection resets under concurrent fuzzing): it writes its
// 400/431 without "Connection: close", with a body even when the request was HEAD, and destroys the socket
// at once. A keep-alive client then sends its next request on a connection the server has just dropped
// (ECONNRESET), or reads the stray body as the next response (HPE_INVALID_CONSTANT); and destroying a
// socket with unread input makes the kernel send RST, which can discard the error response itself.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** How long to keep reading (and discarding) after the answer, so the close is a FIN and not an RST. */
export const LINGER_MS = 2_000;

const MESSAGES: Record<number, string> = {
  400: 'Bad request: this is not an HTTP request the server can read.',
  408: 'The request took too long to arrive.',
  431: 'The request line and headers are too large (over 16 KB): shorten the address or its query.',
};

function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** Fastify's clientErrorHandler option: answer once, say the connection closes, close gracefully. */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = statusFor(err.code);
  // A HEAD response has no body: a client would read one as the start of the next response.
  const isHead = Buffer.isBuffer(err.rawPacket) && err.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  const json = JSON.stringify({ error: MESSAGES[status] });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${isHead ? '' : json}`,
    );
  }
  // Lingering close: keep draining what the client already sent until it closes its side (or we give up).
  socket.on('data', () => {});
  socket.on('error', () => {});
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
