#!/usr/bin/env python3
"""An external AI in Python over gRPC: joins a Hustings match and plays it to the end with
random legal choices.

The client code is generated from the contract at run time (grpcio-tools), into a temporary
directory, so nothing generated is kept in the repository:

    pip install grpcio grpcio-tools
    python3 examples/python/play_random.py --server 127.0.0.1:50051            # new match
    python3 examples/python/play_random.py --server 127.0.0.1:50051 --match ID  # join one

Without --match it creates a Presidential Race whose seat 1 waits for a bot (start
`hustings-bot pool --ai random` to fill it) and takes seat 0 itself.
"""
import argparse
import glob
import os
import random
import sys
import tempfile

import grpc
from grpc_tools import protoc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROTO_DIR = os.path.join(ROOT, "proto")


def generate():
    """Compiles proto/hustings/v1/*.proto into a temporary directory and imports it."""
    out = tempfile.mkdtemp(prefix="hustings-py-")
    files = sorted(glob.glob(os.path.join(PROTO_DIR, "hustings", "v1", "*.proto")))
    args = ["grpc_tools.protoc", f"-I{PROTO_DIR}", f"--python_out={out}", f"--grpc_python_out={out}"]
    if protoc.main(args + files) != 0:
        sys.exit("protoc failed on " + " ".join(files))
    sys.path.insert(0, out)
    from hustings.v1 import hustings_pb2, hustings_pb2_grpc  # noqa: E402

    return hustings_pb2, hustings_pb2_grpc


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="127.0.0.1:50051", help="host:port of the server")
    parser.add_argument("--match", help="match id to join (default: create one)")
    parser.add_argument("--seat", type=int, help="seat to take (default: any open seat)")
    parser.add_argument("--seed", type=int, help="seed of the random choices")
    args = parser.parse_args()
    pb, rpc = generate()
    rng = random.Random(args.seed)

    channel = grpc.insecure_channel(args.server)
    grpc.channel_ready_future(channel).result(timeout=60)
    stub = rpc.HustingsStub(channel)

    match_id = args.match
    if not match_id:
        created = stub.CreateMatch(
            pb.CreateMatchRequest(
                game="presidency",
                seat_config=[pb.SeatConfig(bot=False), pb.SeatConfig(bot=True, ai="random")],
            )
        )
        match_id = created.summary.match_id
        print(f"created match {match_id}")
    join = pb.JoinMatchRequest(
        match_id=match_id, display_name="python example", client_kind=pb.CLIENT_KIND_BOT
    )
    if args.seat is not None:
        join.seat = args.seat
    elif args.match is None:
        # The match we created keeps seat 1 for the bot pool: take the human seat 0
        # explicitly, whoever joins first.
        join.seat = 0
    seat = stub.JoinMatch(join)
    print(f"joined match {match_id} as seat {seat.seat} ({seat.seat_name})")

    acted_at = -1
    decisions = 0
    # This player reads only the prompt, so it leaves include_json_view off: the server then
    # builds no JSON view for this stream. A client that reads update.view.json (to search
    # over the state, say) passes include_json_view=True.
    stream = stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, token=seat.token))
    for update in stream:
        if update.HasField("outcome"):
            o = update.outcome
            result = "a draw" if o.draw else ("won" if seat.seat in o.winners else "lost")
            print(f"match over at version {update.version}: {o.reason} ({result}, "
                  f"{decisions} decisions made here)")
            return 0
        if (
            update.status != pb.MATCH_STATUS_ACTIVE
            or not update.HasField("prompt")
            or not update.prompt.choices
            or update.version <= acted_at
        ):
            continue
        # Taking back a move ("undo") is legal but never moves a random game forward.
        choices = [c for c in update.prompt.choices if c.kind != "undo"] or update.prompt.choices
        choice = rng.choice(choices)
        try:
            stub.Act(
                pb.ActRequest(
                    match_id=match_id, token=seat.token, version=update.version,
                    choice_id=choice.id,
                )
            )
            acted_at = update.version
            decisions += 1
        except grpc.RpcError as e:
            if e.code() == grpc.StatusCode.ABORTED:
                continue  # stale version: the stream brings the new one
            raise
    sys.exit("the stream ended before the match did")


if __name__ == "__main__":
    sys.exit(main())
