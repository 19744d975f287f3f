#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the flatpak manifest's structure without building it.

Usage: check-flatpak-manifest.py MANIFEST SOURCE_ROOT APP_ID
"""
import json
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

SHA256 = re.compile(r'^[0-9a-f]{64}$')
OPENCV_INCLUDE = re.compile(r'#include <opencv2/(\w+)')
# What OpenCV builds for a module the sources include (BUILD_LIST adds them anyway).
OPENCV_DEPENDS = {'calib3d': {'features2d', 'flann'}, 'features2d': {'flann'}, 'videoio': {'imgcodecs'}}
MIN_GNOME = 43  # GTK 4.8 and libadwaita 1.2
REQUIRED_ARGS = {'--share=ipc', '--socket=wayland', '--socket=fallback-x11', '--device=all'}
FORBIDDEN_ARGS = re.compile(r'^--(filesystem=(home|host|/|~)|share=network)')

errors = []


def fail(message):
    errors.append(message)


def check_source(module, source):
    kind = source.get('type', '')
    where = f'module {module["name"]}: source {source.get("url", source.get("path", kind))}'
    if kind == 'dir':
        return
    if kind not in ('archive', 'file'):
        fail(f'{where}: type {kind!r} is not a pinned download')
        return
    if not source.get('url', '').startswith('https://'):
        fail(f'{where}: url must be https')
    if not SHA256.match(source.get('sha256', '')):
        fail(f'{where}: sha256 missing or not 64 hex digits')


def walk_modules(modules, found):
    for module in modules:
        if isinstance(module, str):
            fail(f'module file {module}: keep every module inline so it can be checked')
            continue
        if 'name' not in module or not module.get('sources'):
            fail(f'module {module.get("name", "?")}: needs a name and sources')
            continue
        found[module['name']] = module
        for source in module['sources']:
            check_source(module, source)
        walk_modules(module.get('modules', []), found)


def option_value(module, option):
    for opt in module.get('config-opts', []):
        if opt.startswith(option + '='):
            return opt.split('=', 1)[1]
    return None


def opencv_modules_used(source_root):
    used = set()
    for path in (source_root / 'src').rglob('*.[ch]pp'):
        for name in OPENCV_INCLUDE.findall(path.read_text(encoding='utf-8')):
            used.add(name.removesuffix('.hpp'))
    return used


def check_opencv(module, source_root):
    used = opencv_modules_used(source_root)
    allowed = used.union(*(OPENCV_DEPENDS.get(m, set()) for m in used))
    build_list = option_value(module, '-DBUILD_LIST')
    if build_list is None:
        fail('opencv: -DBUILD_LIST= is missing')
        return
    built = set(build_list.split(','))
    if used - built:
        fail(f'opencv: BUILD_LIST {build_list} lacks {sorted(used - built)}, which src/ includes')
    if built - allowed:
        fail(f'opencv: BUILD_LIST {build_list} has {sorted(built - allowed)}, which src/ does not use')
    for backend in ('-DWITH_GTK', '-DWITH_QT', '-DWITH_IPP', '-DWITH_ADE'):
        if option_value(module, backend) != 'OFF':
            fail(f'opencv: {backend}=OFF is required (no GUI backend, no download at build time)')
    if option_value(module, '-DOPENCV_GENERATE_PKGCONFIG') != 'ON':
        fail('opencv: -DOPENCV_GENERATE_PKGCONFIG=ON is required (meson finds opencv4 by pkg-config)')


def check_app_module(module, source_root):
    dirs = [s for s in module['sources'] if s.get('type') == 'dir']
    if module.get('buildsystem') != 'meson' or len(dirs) != 1:
        fail(f'{module["name"]}: the app module must be a meson module with one dir source')
        return
    project = (manifest_dir / dirs[0]['path']).resolve()
    if project != source_root.resolve():
        fail(f'{module["name"]}: dir source {dirs[0]["path"]} is not the source root')


def check_ids(manifest, source_root, app_id):
    if manifest.get('id', manifest.get('app-id')) != app_id:
        fail(f'manifest id is not {app_id}')
    data = source_root / 'data'
    if not (data / f'{app_id}.desktop.in').is_file():
        fail(f'data/{app_id}.desktop.in does not exist')
    metainfo = ET.parse(data / f'{app_id}.metainfo.xml.in').getroot()
    if metainfo.findtext('id') != app_id:
        fail(f'metainfo <id> is not {app_id}')
    if metainfo.findtext('launchable') != f'{app_id}.desktop':
        fail(f'metainfo <launchable> is not {app_id}.desktop')
    if not (data / 'icons/hicolor/scalable/apps' / f'{app_id}.svg').is_file():
        fail(f'the app icon {app_id}.svg does not exist')


def check_runtime(manifest):
    if manifest.get('runtime') != 'org.gnome.Platform' or manifest.get('sdk') != 'org.gnome.Sdk':
        fail('runtime and sdk must be org.gnome.Platform and org.gnome.Sdk')
    version = str(manifest.get('runtime-version', ''))
    if not version.isdigit() or int(version) < MIN_GNOME:
        fail(f'runtime-version {version!r}: GNOME {MIN_GNOME} or later is needed')
    if manifest.get('command') != 'sudoku-lens':
        fail('command must be sudoku-lens')
    args = set(manifest.get('finish-args', []))
    for missing in sorted(REQUIRED_ARGS - args):
        fail(f'finish-args: {missing} is missing')
    for arg in sorted(args):
        if FORBIDDEN_ARGS.match(arg):
            fail(f'finish-args: {arg} is not allowed (files go through the portal)')


manifest_path = pathlib.Path(sys.argv[1])
manifest_dir = manifest_path.parent
source_root = pathlib.Path(sys.argv[2])
app_id = sys.argv[3]

try:
    manifest = json.loads(manifest_path.read_text(encoding='utf-8'))
except (OSError, ValueError) as e:
    sys.exit(f'{manifest_path}: {e}')

modules = {}
walk_modules(manifest.get('modules', []), modules)
check_ids(manifest, source_root, app_id)
check_runtime(manifest)
for needed in ('opencv', 'leptonica', 'tesseract', 'tessdata-eng'):
    if needed not in modules:
        fail(f'module {needed} is missing')
if 'opencv' in modules:
    check_opencv(modules['opencv'], source_root)
if manifest.get('modules'):
    check_app_module(manifest['modules'][-1], source_root)

for e in errors:
    print(f'{manifest_path.name}: {e}')
if errors:
    sys.exit(1)
print(f'{manifest_path.name}: {len(modules)} modules, every download pinned by sha256')
