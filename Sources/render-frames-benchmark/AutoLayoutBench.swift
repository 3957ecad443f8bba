import Foundation
import UIKit
import UIKitExampleScreens

/// Auto Layout's costs (issue "Auto Layout", Speed): re-solving a 200-view screen after one
/// constant changes (< 0.5 ms a frame), and the first layout of a table of 50 self-sizing cells
/// (< 20 ms): the inbox example's, a stack view of four labels each. Best of `runs`.
func autoLayoutBenchmark(runs: Int) {
    MainActor.assumeIsolated {
        var resolve = Double.infinity, firstLayout = Double.infinity, firstTable = Double.infinity
        for _ in 0..<runs {
            // 200 views in a column under a stretchy header: each pinned to the sides, below the
            // one before, a label in every other one.
            let t0 = Date()
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let header = UIView()
            header.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(header)
            let height = header.heightAnchor.constraint(equalToConstant: 300)
            var constraints = [
                header.topAnchor.constraint(equalTo: root.topAnchor), header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                header.trailingAnchor.constraint(equalTo: root.trailingAnchor), height,
            ]
            var above: UIView = header
            for k in 0..<199 {
                let v: UIView
                if k % 2 == 0 {
                    let label = UILabel()
                    label.text = "Row \(k)"
                    v = label
                } else {
                    v = UIView()
                    constraints.append(v.heightAnchor.constraint(equalToConstant: 20))
                }
                v.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(v)
                constraints += [
                    v.topAnchor.constraint(equalTo: above.bottomAnchor, constant: 4),
                    v.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                    v.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
                ]
                above = v
            }
            NSLayoutConstraint.activate(constraints)
            root.layoutIfNeeded()
            firstLayout = min(firstLayout, Date().timeIntervalSince(t0))
            let frames = 600
            let t1 = Date()
            for f in 0..<frames {
                height.constant = 300 + CGFloat(f % 120)
                root.layoutIfNeeded()
            }
            resolve = min(resolve, Date().timeIntervalSince(t1) / Double(frames))
            guard abs(header.frame.height - (300 + CGFloat((frames - 1) % 120))) < 0.01 else { fail("the header was not laid out") }

            // A table of 50 self-sizing cells, laid out for the first time.
            let t2 = Date()
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
            let source = SelfSizingSource()
            table.dataSource = source
            table.register(MailCell.self, forCellReuseIdentifier: "cell")
            table.layoutIfNeeded()
            firstTable = min(firstTable, Date().timeIntervalSince(t2))
            guard table.visibleCells.count > 5 else { fail("the table showed \(table.visibleCells.count) cells") }
        }
        print("| Auto Layout | ms |")
        print("|---|---|")
        print("| re-solve a 200-view screen after one constant changes (a frame) | \(format(resolve * 1000, 3)) |")
        print("| first layout of that screen | \(format(firstLayout * 1000, 2)) |")
        print("| first layout of a table of 50 self-sizing cells | \(format(firstTable * 1000, 2)) |")
    }
}

/// The inbox example's cells (stack views of labels pinned to the margins), 50 rows.
@MainActor private final class SelfSizingSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 50 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! MailCell
        cell.show(MailViewController.messages[indexPath.row % MailViewController.messages.count])
        return cell
    }
}
