/// A dispatch queue of the app's own, declared in the scenario's `queues`:
/// `DispatchQueue(label: name, qos: qos, attributes: serial ? [] : .concurrent)`.
///
/// A serial queue runs one block at a time, in the order they were submitted; a concurrent one
/// hands each block to a Dispatch worker as soon as one is free, like a global queue of its QoS.
package struct DispatchQueueSpec: Equatable, Sendable {
    /// The name programs use in `dispatch` and `call` steps (its `label`).
    package var name: String
    /// The QoS its blocks run at.
    package var qos: QoSClass
    /// Whether it runs one block at a time (the default, as `DispatchQueue(label:)`).
    package var serial: Bool

    package init(name: String, qos: QoSClass, serial: Bool) {
        self.name = name
        self.qos = qos
        self.serial = serial
    }

    /// The QoS of a queue that states none: `.default`, as Dispatch gives `DispatchQueue(label:)`.
    package static let defaultQoS = QoSClass.default
}
