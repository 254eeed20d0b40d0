// Random games per second of Rally the Troops' Votes for Women rules module, under the same
// uniform random policy as our benches (every legal (action, argument) pair equally likely;
// `undo` is never taken). Their code is not part of this project: `run.sh` points this
// driver at a checkout of theirs, outside the repository.
//
//   node vfw_random.js RULES_DIR [SECONDS] [SEED]
"use strict"

const path = require("path")
const rulesDir = process.argv[2]
if (!rulesDir) {
	console.error("usage: node vfw_random.js RULES_DIR [SECONDS] [SEED]")
	process.exit(2)
}
const seconds = Number(process.argv[3] || 10)
let seed = Number(process.argv[4] || 1)
const rules = require(path.resolve(rulesDir, "rules.js"))

// Our own generator for the policy (a 32-bit xorshift), independent of the game's seed.
let policy = 0x9e3779b9 ^ seed
function pick(n) {
	policy ^= policy << 13
	policy ^= policy >>> 17
	policy ^= policy << 5
	return (policy >>> 0) % n
}

// Every legal (action, argument) pair of `player` in `state`.
function legal(state, player) {
	const view = rules.view(state, player)
	const out = []
	for (const [action, arg] of Object.entries(view.actions || {})) {
		if (action === "undo") continue
		if (Array.isArray(arg)) for (const a of arg) out.push([action, a])
		else if (arg === 1 || arg === true) out.push([action, undefined])
	}
	return out
}

const MAX_STEPS = 100000
// A game in which the player to act has no action (their rules can leave a player whose
// hand is empty with nothing to press) ends there; such games are counted and reported.
let deadEnds = 0
function play(gameSeed) {
	let state = rules.setup(gameSeed, "Standard", {})
	let steps = 0
	while (state.state !== "game_over") {
		if (++steps > MAX_STEPS) throw new Error(`seed ${gameSeed}: no end after ${MAX_STEPS} steps`)
		const player = state.active
		const actions = legal(state, player)
		if (actions.length === 0) {
			deadEnds += 1
			break
		}
		const [action, arg] = actions[pick(actions.length)]
		state = rules.action(state, player, action, arg)
	}
	return steps
}

// Warm up the JIT, then count whole games for `seconds`.
const warm = Date.now()
while (Date.now() - warm < 1000) play(seed++)
deadEnds = 0
let games = 0, steps = 0
const start = process.hrtime.bigint()
const limit = BigInt(Math.round(seconds * 1e9))
while (process.hrtime.bigint() - start < limit) {
	steps += play(seed++)
	games += 1
}
const elapsed = Number(process.hrtime.bigint() - start) / 1e9
console.log(JSON.stringify({ games, seconds: +elapsed.toFixed(3), games_per_s: +(games / elapsed).toFixed(1), steps_per_game: +(steps / games).toFixed(1), dead_ends: deadEnds }))
