"""Tests of the rules engine (companion/rules) against docs/rules.md and the seeds."""
