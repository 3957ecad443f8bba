import Foundation

/// The bundled default demo (`Fixtures/scenarios/profile.yaml`, the profile effect on an iPhone 15
/// at @3x), rendered when `render-frames` is given no scenario.
public enum DefaultDemo {
    /// The scenario file inside the package's resources.
    public static var scenarioPath: String? {
        Bundle.module.url(forResource: "profile", withExtension: "yaml", subdirectory: "DefaultDemo/scenarios")?.path
    }
}
