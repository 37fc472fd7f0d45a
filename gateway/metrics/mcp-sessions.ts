// MCP over HTTP as the metrics see it: sessions begun (`initialize` messages) and exchanges in progress. Plain numbers
// the MCP transport moves whether or not metrics are on; the gateway's metrics read them when scraped.
export const MCP_SESSIONS = { started: 0, open: 0 };

/** An exchange begins; `initialize` begins a session. Returns the function that ends the exchange, once. */
export function beginMcpExchange(message: unknown): () => void {
  const method = typeof message === 'object' && message !== null ? (message as { method?: unknown }).method : undefined;
  if (method === 'initialize') MCP_SESSIONS.started++;
  MCP_SESSIONS.open++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    MCP_SESSIONS.open--;
  };
}
