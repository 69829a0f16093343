// The floor for any beacon under the local runtime (bench/beacon-direct.ts): read the
// POST body, parse it, send one message to the queue, answer 202 with a small JSON
// body. No check, no classification, no hash.
export default {
  async fetch(request, env) {
    const body = JSON.parse(await request.text());
    await env.EVENTS.send(
      { id: crypto.randomUUID(), site: body.s, url: body.u, at: Date.now() },
      { contentType: "json" },
    );
    return new Response('{"accepted":true}', { status: 202, headers: { "Content-Type": "application/json" } });
  },
};
