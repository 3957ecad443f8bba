//
//  ProfileHeaderView.swift
//  ProfileApp
//

import UIKit

/// The profile's header: its resting and smallest heights are set in Interface Builder.
@IBDesignable
class ProfileHeaderView: UIView {

    @IBInspectable var restingHeight: CGFloat = 240
    @IBInspectable var minimumHeight: CGFloat = 88

    @IBInspectable var cornerRadius: CGFloat = 0 {
        didSet { layer.cornerRadius = cornerRadius }
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        clipsToBounds = true
    }
}
