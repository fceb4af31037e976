// Game UI modules plug in by game name: /static/games/<name>.js, else the generic one.
//
// A module's default export is `create(root, context)` returning a board:
//   context: {options, seatNames, interactive, panel, onAction(text)}
//   board.update({observation, legal, seat, you, toMove, terminal, returns, last})
//   optional: board.seatDetail(seat), board.turnHint(observation, legal),
//             board.passLabel(observation), board.resultDetail(observation),
//             board.describe(action, seat)

export async function loadGameUi(game, root, context) {
  let module;
  try {
    module = await import(`/static/games/${encodeURIComponent(game)}.js`);
  } catch {
    module = await import("/static/games/generic.js");
  }
  return module.default(root, context);
}
