"""Tests of the rules engine (companion/rules) against RULES.md and the seeds."""
