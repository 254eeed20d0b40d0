"""Lists a server's services and their methods through gRPC reflection v1alpha, the version
Python's grpcio-reflection speaks, one line each: `service NAME`, then `method NAME/METHOD`.

Usage: python reflection_v1alpha.py HOST:PORT
"""
import sys

import grpc
from google.protobuf.descriptor_pool import DescriptorPool
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)


def main() -> None:
    channel = grpc.insecure_channel(sys.argv[1])
    database = ProtoReflectionDescriptorDatabase(channel)
    pool = DescriptorPool(database)
    for name in database.get_services():
        print(f"service {name}")
        service = pool.FindServiceByName(name)
        for method in service.methods:
            print(f"method {name}/{method.name}")


if __name__ == "__main__":
    main()
