"""The benchmark report of scripts/bench/report.py, in modules:

variants    the benchmark catalogue: what each benchmark is and what it is compared with
loading     one run folder: JMH JSON, the native floor's JSON lines, machine.json
stats       ratios with their errors, verdicts against a target
formatting  numbers, sizes, ratios and markdown tables as text
charts      the SVG charts
targets     the target checks of the summary table
template    the fixed prose of the page (template.md beside report.py), filled in by name
sections    the page, one method per section
"""
