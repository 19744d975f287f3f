#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks what appstreamcli cannot check offline in the metainfo.

The newest <release> is the project's version, and every screenshot that points
into this repository names a PNG committed under data/screenshots/, so the URLs
resolve once the tree is pushed. The other places that name the version agree
with it: the newest entry of NEWS (with the release's date) and the man pages.

Usage: check-metainfo.py METAINFO_XML_IN SOURCE_ROOT VERSION
"""
import pathlib
import re
import struct
import sys
import xml.etree.ElementTree as ET

RAW_PREFIX = 'https://raw.githubusercontent.com/sudokulens/sudoku-lens/main/'
MIN_WIDTH = 620

errors = []


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    if head[:8] != b'\x89PNG\r\n\x1a\n':
        return None
    return struct.unpack('>II', head[16:24])


def check_release(root, version):
    releases = root.findall('releases/release')
    if not releases:
        errors.append('no <release>')
    elif releases[0].get('version') != version:
        errors.append(f'the newest release is {releases[0].get("version")}, '
                      f'the project is {version}: add a <release> for it')


def check_news(root, source_root, version):
    """NEWS starts with "Version X.Y.Z", then "Released: DATE" a line or two below."""
    path = source_root / 'NEWS'
    if not path.is_file():
        errors.append('NEWS is missing')
        return
    lines = [line.strip() for line in path.read_text(encoding='utf-8').splitlines()]
    heads = [i for i, line in enumerate(lines) if re.fullmatch(r'Version \S+', line)]
    if not heads or lines[heads[0]] != f'Version {version}':
        newest = lines[heads[0]] if heads else 'no "Version X.Y.Z" line'
        errors.append(f'NEWS begins with {newest!r}, the project is {version}: add an entry for it')
        return
    releases = root.findall('releases/release')
    date = releases[0].get('date') if releases else None
    if date and f'Released: {date}' not in lines[heads[0]:heads[0] + 4]:
        errors.append(f'NEWS: the {version} entry does not say "Released: {date}" as the metainfo does')


def check_man_pages(source_root, version):
    for page in sorted((source_root / 'data').glob('*.1')):
        head = next((line for line in page.read_text(encoding='utf-8').splitlines()
                     if line.startswith('.TH ')), '')
        if f'"Sudoku Lens {version}"' not in head:
            errors.append(f'{page.relative_to(source_root)}: its .TH line does not name '
                          f'Sudoku Lens {version}')


def check_screenshots(root, source_root):
    shots = root.findall('screenshots/screenshot')
    if not shots:
        errors.append('no <screenshot>')
    for shot in shots:
        url = (shot.findtext('image') or '').strip()
        if not url.startswith(RAW_PREFIX):
            errors.append(f'screenshot {url} is not under {RAW_PREFIX}')
            continue
        path = source_root / url[len(RAW_PREFIX):]
        if not path.is_file():
            errors.append(f'screenshot {url}: {path.relative_to(source_root)} is not in the tree')
            continue
        size = png_size(path)
        if size is None:
            errors.append(f'{path.relative_to(source_root)} is not a PNG')
        elif size[0] < MIN_WIDTH:
            errors.append(f'{path.relative_to(source_root)} is {size[0]} px wide; '
                          f'software centres want at least {MIN_WIDTH}')
        if not (shot.findtext('caption') or '').strip():
            errors.append(f'screenshot {url} has no caption')


metainfo, source_root, version = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
root = ET.parse(metainfo).getroot()
check_release(root, version)
check_news(root, source_root, version)
check_man_pages(source_root, version)
check_screenshots(root, source_root)
for e in errors:
    print(f'{pathlib.Path(metainfo).name}: {e}')
sys.exit(1 if errors else 0)
