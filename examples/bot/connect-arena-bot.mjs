#!/usr/bin/env node
// A Connect Arena bot in plain JavaScript (Node 18+, no dependencies), through the bot API
// (docs/bot-api.md). It accepts every challenge (or sends one with --challenge NAME), streams
// each game it sits at and plays a legal action whenever one of its seats may act: the first
// of the legal actions, or a random one with --random. Exits after --games games (default 1):
// with --challenge it sends a new challenge after each game until it has played them all.
//
//   CONNECT_ARENA_TOKEN=ca_... node connect-arena-bot.mjs --server http://127.0.0.1:8000 \
//       [--challenge NAME --game quinque --options '{"first_player":"0"}'] [--games 1] [--random]

const args = parseArgs(process.argv.slice(2));
const server = (args.server ?? "http://127.0.0.1:8000").replace(/\/$/, "");
const token = process.env.CONNECT_ARENA_TOKEN ?? args.token;
if (!token) {
  console.error("set CONNECT_ARENA_TOKEN (a token with the bot:play scope)");
  process.exit(2);
}
const gamesWanted = Number(args.games ?? 1);
const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {Record<string, string>} */
  const out = {};
  for (let i = 0; i < argv.length; i += 1) {
    const key = argv[i].replace(/^--/, "");
    const next = argv[i + 1];
    if (next === undefined || next.startsWith("--")) {
      out[key] = "true";
    } else {
      out[key] = next;
      i += 1;
    }
  }
  return out;
}

/** POST a JSON body; throws with the server's message on an error. */
async function post(path, body = {}) {
  const response = await fetch(server + path, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(`${path}: ${response.status} ${data?.error?.message ?? ""}`);
    error.code = data?.error?.code;
    throw error;
  }
  return data;
}

/** Yield each JSON object of an NDJSON stream (empty keep-alive lines skipped). */
async function* ndjson(path) {
  const response = await fetch(server + path, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield JSON.parse(line);
    }
  }
}

/** Play one table until its game ends. */
async function play(tableId) {
  let lastTried = 0;
  for await (const message of ndjson(`/api/bot/game/stream/${tableId}`)) {
    const state = message.type === "state" ? message : message.state;
    if (message.type === "table" && message.table.status === "finished") {
      const { reason, returns } = message.table;
      console.log(`table ${tableId} over: ${reason}, returns ${JSON.stringify(returns)}`);
      return;
    }
    if (!state || state.terminal) continue;
    for (const [seat, legal] of Object.entries(state.legal_actions)) {
      if (!legal.length || state.seq + 1 <= lastTried) continue;
      const action = args.random ? legal[Math.floor(Math.random() * legal.length)] : legal[0];
      lastTried = state.seq + 1;
      try {
        await post(`/api/bot/game/${tableId}/move`, {
          action,
          seq: state.seq + 1,
          seat: Number(seat),
        });
      } catch (error) {
        // A stale seq (another seat acted first) is answered by the stream's next state.
        if (error.code !== "stale_seq") throw error;
      }
      break;
    }
  }
}

/** Challenge --challenge NAME to one game (stored: the challenged bot's event stream lists it
 * even if it connects later). */
async function challenge() {
  const body = {
    game: args.game ?? "quinque",
    options: args.options ? JSON.parse(args.options) : {},
    seats: [{ kind: "me" }, { kind: "open" }],
  };
  const made = await post(`/api/challenge/${encodeURIComponent(args.challenge)}`, body);
  console.log(`challenged ${args.challenge}: challenge ${made.challenge.id}`);
}

async function main() {
  if (args.challenge) await challenge();
  const me = await (await fetch(`${server}/api/account`, { headers })).json();
  let finished = 0;
  const playing = new Set();
  for await (const event of ndjson("/api/bot/stream/event")) {
    if (event.type === "challenge" && event.challenge.challenged.id === me.id) {
      await post(`/api/challenge/${event.challenge.id}/accept`).catch((error) => {
        console.log(`could not accept challenge ${event.challenge.id}: ${error.message}`);
      });
    } else if (event.type === "gameStart" && !playing.has(event.game.id)) {
      playing.add(event.game.id);
      console.log(`playing table ${event.game.id}`);
      await play(event.game.id);
      finished += 1;
      if (finished >= gamesWanted) return;
      // The challenger asks for the next game; the challenged waits for it.
      if (args.challenge) await challenge();
    }
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
