#!/usr/bin/env python3
"""Packs a root file system directory into a one-layer image tarball in the `docker save` format,
which Jib accepts as a base image (`tar://...`). No daemon, no registry.

usage: docker_archive.py ROOTFS OUT.tar NAME:TAG
"""
import hashlib
import io
import json
import os
import sys
import tarfile


def layer_bytes(rootfs):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for dirpath, dirnames, filenames in os.walk(rootfs):
            dirnames.sort()
            for name in sorted(dirnames) + sorted(filenames):
                full = os.path.join(dirpath, name)
                info = tar.gettarinfo(full, arcname=os.path.relpath(full, rootfs))
                # reproducible and owned by root, whoever built it
                info.uid = info.gid = 0
                info.uname = info.gname = "root"
                info.mtime = 0
                if info.isfile():
                    with open(full, "rb") as f:
                        tar.addfile(info, f)
                else:
                    tar.addfile(info)
    return buf.getvalue()


def main():
    rootfs, out, tag = sys.argv[1:4]
    layer = layer_bytes(rootfs)
    diff_id = "sha256:" + hashlib.sha256(layer).hexdigest()
    config = {
        "architecture": "amd64",
        "os": "linux",
        "config": {
            "Env": ["PATH=/opt/java/bin:/usr/local/bin:/usr/bin:/bin", "JAVA_HOME=/opt/java", "LANG=C.UTF-8"],
            "User": "65532:65532",
            "WorkingDir": "/work",
        },
        "rootfs": {"type": "layers", "diff_ids": [diff_id]},
        "history": [{"created_by": "sdbench deploy/image/build-base-image.sh"}],
    }
    config_bytes = json.dumps(config, sort_keys=True).encode()
    config_name = hashlib.sha256(config_bytes).hexdigest() + ".json"
    layer_name = diff_id[len("sha256:"):] + "/layer.tar"
    manifest = [{"Config": config_name, "RepoTags": [tag], "Layers": [layer_name]}]
    with tarfile.open(out, "w") as tar:
        for name, data in ((config_name, config_bytes), (layer_name, layer),
                           ("manifest.json", json.dumps(manifest).encode())):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    print(f"{out}: {tag}, one layer {len(layer) / 1e6:.1f} MB, {diff_id}")


if __name__ == "__main__":
    main()
