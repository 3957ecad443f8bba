#!/usr/bin/env bash
# Marks every public main-actor class and protocol of Sources/UIKit `@preconcurrency` (SE-0337), so
# a client in Swift 5 language mode compiles what Xcode compiles against Apple's UIKit, whose
# Objective-C declarations Swift imports as preconcurrency: a nonisolated protocol extension on
# UIViewController that reads `view.bounds` compiles without a word in Swift 5 mode, and is warned
# about under strict concurrency and in Swift 6 mode, as against Apple's (docs/swift-language-modes.md).
# Idempotent: run it again after adding a type; UIKitTests.LanguageModeTests fails until you do.
set -euo pipefail
cd "$(dirname "$0")/.."
find Sources/UIKit -name '*.swift' -print0 | sort -z |
    xargs -0 sed -i -E 's/^([[:space:]]*)@MainActor (open |public )((final )?(class|protocol) )/\1@preconcurrency @MainActor \2\3/'
