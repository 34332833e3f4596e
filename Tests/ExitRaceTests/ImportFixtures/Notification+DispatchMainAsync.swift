// Seed 000 (the reference experiment): the Notification · DispatchQueue.main.async cell as a small app file.
// The snippet is the article's (/work/shared/seeds/000_*.txt), with DispatchSemaphore(value: 0) where the article
// wrote DispatchSemaphore(); `exitrace import` of this file must give the cell of results/live-activity.md.

import ActivityKit
import Combine
import UIKit

/// Owned by the app for its whole life (the article's NotificationCenter variant).
@MainActor
final class TerminationObserver {
    private var cancellable: AnyCancellable?

    init() {
        cancellable = NotificationCenter.default
            .publisher(for: UIApplication.willTerminateNotification)
            .sink { _ in
                DispatchQueue.main.async {
                    Task {
                        for activity in Activity<TimerAttributes>.activities {
                            await activity.end(nil, dismissalPolicy: .immediate)
                        }
                    }
                }
            }
    }
}
