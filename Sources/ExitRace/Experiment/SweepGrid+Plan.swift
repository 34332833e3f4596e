/// A sweep's grid is a plan: an experiment runs it point by point.
extension SweepGrid: ParameterPlan {}
