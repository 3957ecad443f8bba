import Foundation
import UIKit

/// The app's screens, made from its own files (written by `render-frames port`; a port again rewrites it).
public enum PortedApp {
    /// The package's folder (this file is Sources/AppScreens/PortedApp.swift).
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// Scenarios/: the default motion, beside links to the app's asset catalogs.
    public static let scenarios = folder + "/Scenarios"
    public static let goldens = folder + "/Goldens"
    @MainActor private static var registered = false

    /// The screen whose controller's class is `className`: the storyboard scene, inside the
    /// navigation or tab bar controller the storyboard puts it in, or the controller the app
    /// makes in code, as its delegate makes it. Throws an error with the file and line when
    /// the storyboard cannot be loaded.
    @MainActor public static func screen(_ className: String) throws -> UIViewController {
        if !registered {
            registerInterfaceBuilderClasses()
            // The app's XIBs and storyboards are its main bundle's resources on iOS.
            UINib.mainBundleFolders = [URL(fileURLWithPath: folder + "/App")]
            registered = true
        }
        if let controller = madeInCode(className) { return controller }
        guard let file = interfaceBuilderScreens[className] else {
            throw InterfaceBuilderError(
                file: className, line: nil, problem: "no storyboard scene of the app has this class",
                fix: "the scenes' classes are " + interfaceBuilderScreens.keys.sorted().joined(separator: ", "))
        }
        return try UIStoryboard(contentsOf: URL(fileURLWithPath: file)).loadScreen(ofClass: className)
    }

    /// The screens the app makes in code, as its app or scene delegate makes them.
    @MainActor static func madeInCode(_ className: String) -> UIViewController? {
        switch className {
        default: return nil
        }
    }
}
