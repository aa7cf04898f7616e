// The target runs under libFuzzer's driver (Driver/FuzzDriver.swift).
import FuzzDriver

runFuzzer { fuzzSceneTour($0, $1) }
