"""The 7 Wonders tests share :mod:`sw_scenario` (set up a tracked game in a given situation)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
