import Foundation
import UIKit

/// The app's storyboard screens, loaded from its own files (written by `render-frames port`).
public enum PortedApp {
    /// The package's folder (this file is Sources/AppScreens/PortedApp.swift).
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// Scenarios/: the default motion, beside links to the app's asset catalogs.
    public static let scenarios = folder + "/Scenarios"
    public static let goldens = folder + "/Goldens"
    @MainActor private static var registered = false

    /// The scene whose controller's class is `className`, inside the navigation or tab bar
    /// controller the storyboard puts it in. Throws an error with the file and line when the
    /// storyboard cannot be loaded.
    @MainActor public static func screen(_ className: String) throws -> UIViewController {
        if !registered {
            registerInterfaceBuilderClasses()
            registered = true
        }
        guard let file = interfaceBuilderScreens[className] else {
            throw InterfaceBuilderError(
                file: className, line: nil, problem: "no storyboard scene of the app has this class",
                fix: "the scenes' classes are " + interfaceBuilderScreens.keys.sorted().joined(separator: ", "))
        }
        return try UIStoryboard(contentsOf: URL(fileURLWithPath: file)).loadScreen(ofClass: className)
    }
}
